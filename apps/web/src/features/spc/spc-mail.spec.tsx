import { Role } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { list } from '../../../test/editor-queries';
import { serveEditor } from '../../../test/editor-fixtures';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';

const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };

// the editor's route is lazy: its first import is slow under jest
beforeAll(() => import('../product/ProductPage'));

/** Serves the subscription calls, product 1 subscribed at first; records PUT and DELETE. */
function serveMail(refusal?: string) {
  const subscribed = new Map<number, boolean>([[1, true]]);
  const changes: string[] = [];
  const change =
    (on: boolean) =>
    ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const id = Number(params.productId);
      changes.push(`${request.method} ${id}`);
      if (refusal) return refuse(refusal, 404);
      subscribed.set(id, on);
      return ok({ productId: id, subscribed: on });
    };
  server.use(
    http.get(path('/spc/subscriptions/:productId'), ({ params }) => {
      const id = Number(params.productId);
      return ok({ productId: id, subscribed: subscribed.get(id) ?? false });
    }),
    http.put(path('/spc/subscriptions/:productId'), change(true)),
    http.delete(path('/spc/subscriptions/:productId'), change(false)),
  );
  return changes;
}

const mailSwitch = () =>
  screen.findByRole('switch', { name: /Mail me SPC alarms of this product/ }, { timeout: 10_000 });

describe("the product's SPC alarm mail (issue 41)", () => {
  it("shows the picked product's subscription, and switches it off and on", async () => {
    serveEditor();
    const changes = serveMail();
    const { user } = renderApp('/product', MANAGER);
    await waitFor(async () => expect(await mailSwitch()).toBeChecked());
    await user.click(await mailSwitch());
    await waitFor(async () => expect(await mailSwitch()).not.toBeChecked());
    // another product reads its own
    await user.click(within(await list('Products')).getByRole('option', { name: 'beta' }));
    await waitFor(async () => expect(await mailSwitch()).toBeEnabled());
    expect(await mailSwitch()).not.toBeChecked();
    await user.click(await mailSwitch());
    await waitFor(async () => expect(await mailSwitch()).toBeChecked());
    expect(changes).toEqual(['DELETE 1', 'PUT 2']);
  });

  it('is there for an operator too, who reads the editor only', async () => {
    serveEditor();
    serveMail();
    const { user } = renderApp('/product', OPERATOR);
    await waitFor(async () => expect(await mailSwitch()).toBeChecked());
    await user.click(await mailSwitch());
    await waitFor(async () => expect(await mailSwitch()).not.toBeChecked());
  });

  it('says why when the change is refused, and keeps what was', async () => {
    serveEditor();
    serveMail('Product not found');
    const { user } = renderApp('/product', MANAGER);
    await waitFor(async () => expect(await mailSwitch()).toBeChecked());
    await user.click(await mailSwitch());
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(await mailSwitch()).toBeChecked();
  });
});
