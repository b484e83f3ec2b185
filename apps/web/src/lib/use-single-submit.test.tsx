import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSingleSubmit } from './use-single-submit';

afterEach(cleanup);

function Pay({ send }: { send: () => Promise<string> }) {
  const pay = useSingleSubmit({ mutationFn: send });
  return (
    <>
      <button type="button" onClick={() => pay.submit()} disabled={pay.isPending} aria-busy={pay.isPending}>
        Pay
      </button>
      <p role="status">{pay.data ?? ''}</p>
    </>
  );
}

function renderPay(send: () => Promise<string>) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Pay send={send} />
    </QueryClientProvider>,
  );
}

describe('useSingleSubmit', () => {
  it('a double click submits once: the second click lands before the button is re-rendered disabled', async () => {
    let resolve: (v: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    renderPay(send);
    const button = screen.getByRole('button', { name: 'Pay' });
    // Both clicks in one batch: React has not re-rendered the button between them.
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(1);
    // The observer tells React a little later (TanStack batches its notifications): then the button is busy.
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(async () => resolve('paid'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('paid'));
    expect(button.hasAttribute('disabled')).toBe(false);
    // Once settled, a new submission is allowed (a retry after a refusal, a second purchase).
    await act(async () => fireEvent.click(button));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('after a failure the button is usable again', async () => {
    const send = vi.fn(() => Promise.reject(new Error('refused')));
    renderPay(send);
    const button = screen.getByRole('button', { name: 'Pay' });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(button));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
