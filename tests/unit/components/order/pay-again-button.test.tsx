/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayAgainButton, payAgainTexts } from '@/components/order/pay-again-button';
import ro from '@/messages/ro.json';

jest.mock('@/lib/client/api', () => {
  class ApiRequestError extends Error {
    constructor(
      readonly status: number,
      readonly body?: {
        error: { code: string; message: string; issues?: { path: string; code?: string }[] };
      },
    ) {
      super(`Http failure response: ${status}`);
    }
    get issues() {
      return this.body?.error.issues ?? [];
    }
  }
  return {
    api: { post: jest.fn() },
    ApiRequestError,
    isApiRequestError: (error: unknown) => error instanceof ApiRequestError,
  };
});
const { api, ApiRequestError } = jest.requireMock('@/lib/client/api') as {
  api: { post: jest.Mock };
  ApiRequestError: new (status: number, body?: unknown) => Error;
};

const refusedWith = (code: string) =>
  new ApiRequestError(409, {
    error: { code: 'CONFLICT', message: 'refused', issues: [{ path: 'orderId', code: `payAgain.${code}` }] },
  });
const failing = (error: Error) => ({ json: async () => Promise.reject(error) });

const renderButton = () =>
  render(<PayAgainButton orderId="AAAAAAAAAAAAAAAAAAAAAA" texts={payAgainTexts(ro.PayAgain)} />);

describe('PayAgainButton: what the buyer reads when paying again does not work', () => {
  beforeEach(() => api.post.mockReset());

  it.each(['TOO_LATE', 'START_DAY_PASSED', 'TOO_MANY_ATTEMPTS', 'PAID', 'CLOSED'] as const)(
    'says why the order cannot be paid again (%s), in the buyer’s language',
    async (refusal) => {
      api.post.mockReturnValue(failing(refusedWith(refusal)));
      renderButton();
      await userEvent.click(screen.getByRole('button', { name: ro.PayAgain.button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(ro.PayAgain.refused[refusal]);
      // The button works again: the buyer may try once more or change the cart.
      expect(screen.getByRole('button', { name: ro.PayAgain.button })).toBeEnabled();
    },
  );

  it('says the provider does not answer, that there were too many tries, or that the connection failed', async () => {
    for (const [error, text] of [
      [new ApiRequestError(503), ro.PayAgain.unavailable],
      [new ApiRequestError(429), ro.PayAgain.tooMany],
      [new ApiRequestError(0), ro.PayAgain.failed],
      [new Error('offline'), ro.PayAgain.failed],
    ] as const) {
      api.post.mockReturnValue(failing(error));
      const { unmount } = renderButton();
      await userEvent.click(screen.getByRole('button', { name: ro.PayAgain.button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      unmount();
    }
  });
});
