import { ActionId } from '../catalogue/catalogue';
import { limitRowOf } from './limit-table';
import { plottedTrace } from './plotted-trace';

const freqs_MHz = [100, 101, 102, 103];
const plot = (actionId: ActionId, apertureSteps?: number) =>
  plottedTrace(
    limitRowOf(actionId)!,
    { actionId, apertureSteps },
    { freqs_MHz, values: [-10, 190, 30, -200] },
  );

describe('plottedTrace', () => {
  it('draws Log Mag as measured', () => {
    expect(plot(ActionId.GainMax).values).toEqual([-10, 190, 30, -200]);
  });

  it('wraps phase to (−180°, 180°] as analyzers show it', () => {
    expect(plot(ActionId.PhaseMax).values).toEqual([-10, -170, 30, 160]);
  });

  it('draws SWR from the reflection’s Log Mag', () => {
    const swr = plottedTrace(
      limitRowOf(ActionId.Swr)!,
      { actionId: ActionId.Swr },
      { freqs_MHz: [1], values: [-20] },
    );
    expect(swr.values[0]).toBeCloseTo(1.2222, 4);
  });

  it('draws group delay in ns from the phase, with the aperture the runner used', () => {
    // −3.6° per MHz is 10 ns
    const phase = { freqs_MHz, values: freqs_MHz.map((f) => -3.6 * (f - 100)) };
    for (const aperture of [undefined, 2, 4]) {
      const { values } = plottedTrace(
        limitRowOf(ActionId.GroupDelay)!,
        { actionId: ActionId.GroupDelay, apertureSteps: aperture },
        phase,
      );
      values.forEach((v) => expect(v).toBeCloseTo(10, 6));
    }
  });
});
