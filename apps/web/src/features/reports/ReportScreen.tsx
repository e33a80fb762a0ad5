import '@mantine/dates/styles.css';
import { Select, Stack, Text, Title } from '@mantine/core';
import { toCsv } from '@sweepline/domain';
import { ReportChart, downloadText, useMessageDialog } from '@sweepline/ui';
import { ReportPickerBar } from './ReportPickerBar';
import type { ReportKind } from './report-kinds';
import { csvFileName } from './report-label';
import { useReportScreen, type ShownReport } from './useReportScreen';

export const REPORT_TEXTS = {
  noProducts: 'No products yet: add a product and its tests on the Products page.',
  noTests: 'This product has no tests yet.',
  noRates: 'No passed or failed runs of this test in the range.',
};

/**
 * One of the four daily reports (docs/requirements/reports.md): pickers, Apply, the chart and its CSV. The
 * provider administrator never gets here (RequireAccount of the routes).
 */
export function ReportScreen({ kind }: { kind: ReportKind }) {
  return (
    <Stack gap="md">
      <Title order={1}>{kind.title}</Title>
      <ReportBody kind={kind} />
    </Stack>
  );
}

function ReportBody({ kind }: { kind: ReportKind }) {
  // docs/requirements/errors-and-envelope.md#client-side-errors: report screens' error alerts have an empty title
  const errors = useMessageDialog(() => undefined);
  const screen = useReportScreen(kind, (message) => errors.show('', message, false));
  const { products, product, shown } = screen;
  return (
    <>
      <ReportPickerBar
        picks={screen}
        productWidth={220}
        onExport={shown ? () => exportCsv(kind, shown) : undefined}
      >
        {kind.perTest && (
          <Select
            label="Test"
            data={(product?.seqs ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={screen.seq ? String(screen.seq.id) : null}
            onChange={(v) => screen.pickSeq(v === null ? null : Number(v))}
            allowDeselect={false}
            searchable
            w={220}
          />
        )}
      </ReportPickerBar>
      {products?.length === 0 && <Text c="dimmed">{REPORT_TEXTS.noProducts}</Text>}
      {kind.perTest && product && product.seqs.length === 0 && <Text c="dimmed">{REPORT_TEXTS.noTests}</Text>}
      {shown && (
        <>
          <ReportChart kind={kind.chart} label={shown.label} points={shown.points} />
          {kind.perTest && shown.points.length === 0 && <Text c="dimmed">{REPORT_TEXTS.noRates}</Text>}
        </>
      )}
      {errors.dialog}
    </>
  );
}

function exportCsv(kind: ReportKind, shown: ShownReport): void {
  const csv = toCsv(
    ['Date', kind.valueHeader],
    shown.points.map((p) => [p.date, p.value]),
  );
  downloadText(csvFileName(shown.label), csv);
}
