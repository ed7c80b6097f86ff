/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResendConfirmation } from '@/components/order/resend-confirmation';

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

  it('says it failed when the call fails', async () => {
    api.post.mockReturnValue({ json: async () => Promise.reject(new Error('429')) });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Retrimite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nu a mers.');
  });
});
