import {
  ACTIONS,
  ActionId,
  actionsOf,
  familyUnit,
  findAction,
  getAction,
  INSTRUMENTS,
  InstrumentId,
  isKnownAction,
} from './catalogue';

const enumIds = Object.values(ActionId).filter((v): v is ActionId => typeof v === 'number');
const names = (instrumentId: InstrumentId) => actionsOf(instrumentId).map((a) => a.name);
const namesWhere = (flag: 'usesDependingStep' | 'isDependingCandidate' | 'usesSpan' | 'singleFrequency') =>
  ACTIONS.filter((a) => a[flag]).map((a) => a.name);

describe('catalogue', () => {
  it('gives every action a unique id, and lists every ActionId once', () => {
    const ids = ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...enumIds].sort());
  });

  it('keeps each instrument in its id block (Common 1-99, NA 101-199, PIM 201-299)', () => {
    for (const a of ACTIONS) {
      expect(Math.floor(a.id / 100)).toBe(a.instrumentId);
      expect(INSTRUMENTS.map((i) => i.id)).toContain(a.instrumentId);
    }
  });

  it('lists the common actions of docs/requirements/step-parameters.md#common-steps', () => {
    expect(names(InstrumentId.Common)).toEqual([
      'Prompt',
      'Report Heading',
      'Delay',
      'Manual Test',
      'Question',
      'Multiple Choice',
    ]);
  });

  it('lists the 28 network-analyzer actions and the 2 PIM actions', () => {
    expect(names(InstrumentId.NetworkAnalyzer)).toHaveLength(28);
    expect(names(InstrumentId.NetworkAnalyzer)).toEqual(
      expect.arrayContaining([
        'Alignment Check',
        'Cable',
        'Return Loss',
        'SWR',
        'Measurement Difference',
        'Save SnP',
      ]),
    );
    expect(names(InstrumentId.PimAnalyzer)).toEqual(['Fixed Tone', 'Swept Tone']);
  });

  it('uses the short labels the spec gives in brackets', () => {
    const short = (id: ActionId) => getAction(id).shortName;
    expect([ActionId.Header, ActionId.Align, ActionId.Diff].map(short)).toEqual(['Header', 'Align', 'Diff']);
    expect([ActionId.PimFixedTone, ActionId.PimSweptTone].map(short)).toEqual(['Fix', 'Sweep']);
    expect(short(ActionId.Swr)).toBe('SWR');
  });

  it('gives every general NA measurement a family and an S-parameter kind', () => {
    for (const a of ACTIONS.filter((x) => x.paramKind === 'general')) {
      expect(a.instrumentId).toBe(InstrumentId.NetworkAnalyzer);
      expect(a.family).toBeDefined();
      expect(a.sParamKind).toBeDefined();
    }
  });

  it('marks Rejection and the Coupler actions as relative to a depending step', () => {
    expect(namesWhere('usesDependingStep')).toEqual([
      'Rejection',
      'Coupler Max',
      'Coupler Min',
      'Coupler Variation',
    ]);
  });

  it('marks insertion-loss, attenuation, isolation and gain actions as depending candidates', () => {
    const candidates = namesWhere('isDependingCandidate');
    expect(candidates).toHaveLength(12);
    for (const name of candidates) expect(name).toMatch(/^(Insertion Loss|Attenuation|Isolation|Gain) ?/);
  });

  it('gives the span to the Cross xMHz actions and a single frequency to Phase', () => {
    expect(namesWhere('usesSpan')).toEqual(
      ACTIONS.filter((a) => a.name.includes('Cross')).map((a) => a.name),
    );
    expect(namesWhere('usesSpan')).toHaveLength(3);
    expect(namesWhere('singleFrequency')).toEqual(['Phase']);
  });
});

describe('findAction, getAction and isKnownAction', () => {
  it('finds every action by its id', () => {
    for (const a of ACTIONS) {
      expect(findAction(a.id)).toBe(a);
      expect(getAction(a.id)).toBe(a);
      expect(isKnownAction(a.instrumentId, a.id)).toBe(true);
    }
  });

  it.each([0, -1, 7, 100, 129, 203, 1.5, NaN])('finds nothing for the unknown id %s', (id) => {
    expect(findAction(id)).toBeUndefined();
    expect(() => getAction(id as ActionId)).toThrow(`Unknown action id ${id}`);
  });

  it('refuses an action paired with another instrument or an unknown one', () => {
    expect(isKnownAction(InstrumentId.Common, ActionId.InsertionLossMax)).toBe(false);
    expect(isKnownAction(InstrumentId.PimAnalyzer, ActionId.Prompt)).toBe(false);
    expect(isKnownAction(InstrumentId.NetworkAnalyzer, 999)).toBe(false);
    expect(isKnownAction(9, ActionId.Prompt)).toBe(false);
  });
});

describe('familyUnit', () => {
  it.each([
    ['magnitude', 'dB'],
    ['swr', ''],
    ['groupDelay', 'ns'],
    ['phase', 'deg'],
  ] as const)('shows %s in "%s"', (family, unit) => {
    expect(familyUnit(family)).toBe(unit);
  });
});
