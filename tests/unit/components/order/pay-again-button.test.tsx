/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayAgainButton, payAgainTexts } from '@/components/order/pay-again-button';
import { ApiRequestError, type ApiErrorBody } from '@/lib/client/api-error';
import ro from '@/messages/ro.json';

// The HTTP client (ky) replaced; the error class is the real one, which the button tells apart without the client.
jest.mock('@/lib/client/api', () => ({ api: { post: jest.fn() } }));
const { api } = jest.requireMock('@/lib/client/api') as { api: { post: jest.Mock } };

const PAYMENT_URL = '/api/orders/AAAAAAAAAAAAAAAAAAAAAA/payment';
const failedWith = (status: number, body?: ApiErrorBody) =>
  new ApiRequestError(PAYMENT_URL, status, '', body);

const refusedWith = (code: string) =>
  failedWith(409, {
    error: {
      code: 'CONFLICT',
      message: 'refused',
      issues: [{ path: 'orderId', code: `payAgain.${code}`, message: 'refused' }],
    },
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
      [failedWith(503), ro.PayAgain.unavailable],
      [failedWith(429), ro.PayAgain.tooMany],
      [failedWith(0), ro.PayAgain.failed],
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
