/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResendConfirmation } from '@/components/order/resend-confirmation';
import { ApiRequestError } from '@/lib/client/api-error';

jest.mock('@/lib/client/api', () => ({ api: { post: jest.fn() } }));
const { api } = jest.requireMock('@/lib/client/api') as { api: { post: jest.Mock } };

const answer = (body: unknown) => ({ json: async () => body });

const renderButton = () =>
  render(
    <ResendConfirmation
      orderId="AAAAAAAAAAAAAAAAAAAAAA"
      label="Retrimite"
      sentText="Trimis."
      waitText="Din nou peste {seconds} s."
      failedText="Nu a mers."
      intervalSeconds={120}
    />,
  );

describe('ResendConfirmation', () => {
  beforeEach(() => api.post.mockReset());

  it('says it was sent only when the server queued it', async () => {
    api.post.mockReturnValue(answer({ queued: true }));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Retrimite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Trimis.');
  });

  it('says when it can be asked again when the server refused (one was sent moments ago)', async () => {
    api.post.mockReturnValue(answer({ queued: false, retryAfterSeconds: 87 }));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Retrimite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Din nou peste 87 s.');
  });

  it('counts the wait down each second, and the button works again when it is over', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      api.post.mockReturnValue(answer({ queued: false, retryAfterSeconds: 3 }));
      renderButton();
      const button = screen.getByRole('button', { name: 'Retrimite' });
      await user.click(button);
      expect(await screen.findByText('Din nou peste 3 s.')).toHaveRole('status');
      expect(button).toBeDisabled();
      await act(async () => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('status')).toHaveTextContent('Din nou peste 2 s.');
      await act(async () => jest.advanceTimersByTime(2000));
      expect(screen.getByRole('status')).toHaveTextContent('');
      expect(button).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('rests after a success, so quick taps cannot turn it into "could not send"', async () => {
    api.post.mockReturnValue(answer({ queued: true }));
    renderButton();
    const button = screen.getByRole('button', { name: 'Retrimite' });
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Trimis.');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Trimis.');
  });

  it('asks to wait, not "could not send", when the shop says too many presses (429)', async () => {
    const tooMany = new ApiRequestError('/api/orders/x/resend', 429, 'Too Many Requests');
    api.post.mockReturnValue({ json: async () => Promise.reject(tooMany) });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Retrimite' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Din nou peste (60|59) s\./);
  });

  it('says it failed when the call fails', async () => {
    api.post.mockReturnValue({ json: async () => Promise.reject(new Error('429')) });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Retrimite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nu a mers.');
  });
});
