/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { ShopStatusBanner } from '@/components/admin/shop-status-banner';
import type { ShopStatus } from '@/lib/admin-client/admin-api';
import { callsTo, on, resetFakeApi } from './fake-api';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const ALL_WELL: ShopStatus = {
  live: true,
  lines: [
    { line: 'vignettes', sold: true },
    { line: 'topUps', sold: true },
  ],
  efactura: 'anaf',
  deadLetters: 0,
  failedDeliveries: 0,
  efacturaStuck: 0,
};

const serve = (status: ShopStatus) => on('GET', '/api/admin/shop-status', { body: status });

describe('ShopStatusBanner', () => {
  beforeEach(() => {
    resetFakeApi();
    localStorage.clear();
  });

  it('says nothing when all is sold, reported and sent', async () => {
    serve(ALL_WELL);
    renderAdmin(<ShopStatusBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('shop-status')).toBeNull();
  });

  it('counts the e-mails given up after every retry and sends staff to the orders that need attention', async () => {
    serve({ ...ALL_WELL, deadLetters: 3 });
    renderAdmin(<ShopStatusBanner />);
    const line = await screen.findByTestId('dead-letters');
    expect(line).toHaveTextContent('3 e-mailuri nu au putut fi trimise după toate reîncercările.');
    expect(line).toHaveTextContent(t.shopStatus.deadLettersWhy);
  });

  it('counts the deliveries and e-Factura uploads given up, whatever became of their alerts', async () => {
    serve({ ...ALL_WELL, failedDeliveries: 2, efacturaStuck: 1 });
    renderAdmin(<ShopStatusBanner />);
    const deliveries = await screen.findByTestId('failed-deliveries');
    expect(deliveries).toHaveTextContent('2 comenzi plătite nu au fost livrate.');
    expect(deliveries).toHaveTextContent(t.shopStatus.failedDeliveriesWhy);
    const uploads = screen.getByTestId('efactura-stuck');
    expect(uploads).toHaveTextContent('1 document nu a fost raportat în RO e-Factura.');
    expect(uploads).toHaveTextContent(t.shopStatus.efacturaStuckWhy);
    expect(screen.queryByTestId('dead-letters')).toBeNull();
  });

  it('lets staff who may write send every dead e-mail again, and counts them anew', async () => {
    signInAs(['PAYMENT_READ', 'PAYMENT_WRITE']);
    serve({ ...ALL_WELL, deadLetters: 2 });
    on('POST', '/api/admin/mail/retry', () => {
      serve(ALL_WELL);
      return { status: 202, body: { requeued: 2 } };
    });
    renderAdmin(<ShopStatusBanner />);
    await screen.findByTestId('dead-letters');
    fireEvent.click(screen.getByRole('button', { name: t.shopStatus.retryMail }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 e-mailuri au fost puse din nou în coada de trimitere.',
    );
    expect(callsTo('POST', '/api/admin/mail/retry')).toHaveLength(1);
    expect(screen.queryByTestId('dead-letters')).toBeNull();
  });

  it('shows no such button to staff who only read', async () => {
    signInAs(['PAYMENT_READ']);
    serve({ ...ALL_WELL, deadLetters: 1 });
    renderAdmin(<ShopStatusBanner />);
    await screen.findByTestId('dead-letters');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
