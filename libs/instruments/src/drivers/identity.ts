import { InstrumentError, quote } from '../transport/instrument-error';

/** `*IDN?` → maker, model, serial number, firmware (IEEE 488.2). */
export interface Identity {
  readonly maker: string;
  readonly model: string;
  readonly serial: string;
  readonly firmware: string;
  /** The reply as received. */
  readonly idn: string;
}

export type FamilyId = 'ena' | 'pna' | 'znb' | 'pim-generic';

interface FamilyRule {
  readonly id: FamilyId;
  /** How the family is named in messages and docs. */
  readonly label: string;
  readonly matches: (identity: Identity) => boolean;
}

const KEYSIGHT = /keysight|agilent/i;

/**
 * How a driver is chosen: the first rule whose maker and model patterns match (docs/instruments.md).
 * PIM analyzers without a public command set (Kaelus iQA/iBA, CommScope, NTPIM, JCIMA) and
 * any instrument whose model names itself a PIM analyzer get the generic PIM set.
 */
export const FAMILY_RULES: readonly FamilyRule[] = [
  {
    id: 'ena',
    label: 'Keysight/Agilent ENA (E5071C)',
    matches: (i) => KEYSIGHT.test(i.maker) && /E5071/i.test(i.model),
  },
  {
    id: 'pna',
    label: 'Keysight/Agilent PNA, PNA-L, PNA-X and E5080A/B (N52xx, N53xx, E508x, P50xx)',
    matches: (i) => KEYSIGHT.test(i.maker) && /N52|N53|E508|P50/i.test(i.model),
  },
  {
    id: 'znb',
    label: 'Rohde & Schwarz ZNB, ZNA, ZND',
    matches: (i) => /rohde/i.test(i.maker) && /ZNB|ZNA|ZND/i.test(i.model),
  },
  {
    id: 'pim-generic',
    label:
      "PIM analyzers speaking Sweepline's generic PIM command set (Kaelus iQA/iBA, CommScope, NTPIM, JCIMA, or a model named PIM)",
    matches: (i) => /kaelus|commscope|ntpim|jcima/i.test(i.maker) || /\b(iQA|iBA)|PIM/i.test(i.model),
  },
];

export function supportedFamilies(): string {
  return FAMILY_RULES.map((rule) => rule.label).join('; ');
}

export function familyOf(identity: Identity): FamilyId | undefined {
  return FAMILY_RULES.find((rule) => rule.matches(identity))?.id;
}

/** Parses an `*IDN?` reply; anything without at least maker and model is a bad reply. */
export function parseIdentity(reply: string, resource: string): Identity {
  const fields = reply.split(',').map((field) => field.trim());
  if (fields.length < 2 || !fields[0] || !fields[1]) {
    throw new InstrumentError(
      'bad-reply',
      `${resource} answered *IDN? with ${quote(reply)}, not "maker,model,serial,firmware".`,
      { command: '*IDN?', resource },
    );
  }
  const [maker, model, serial = '', firmware = ''] = fields as [string, string, ...string[]];
  return { maker, model, serial, firmware, idn: reply.trim() };
}
