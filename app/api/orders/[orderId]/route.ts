import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { findOrder, findOrderItems, maskEmail, maskPhone } from '@/lib/orders/orders';

export const dynamic = 'force-dynamic';

/** `GET /api/orders/{orderId}`: the order's public state; the unguessable id is the key, the e-mail is masked. */
export const GET = apiHandler(async (_request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  const db = await getDb();
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError('NOT_FOUND', 'No such order');
  const items = await findOrderItems(db, orderId);
  return NextResponse.json(
    {
      orderId: order.id,
      status: order.status,
      email: maskEmail(order.email),
      amountRon: order.amountBani,
      createdAt: order.createdAt.toISOString(),
      kind: order.kind,
      items: items.map(({ item, categoryTitle }) =>
        item.topUpProductId
          ? {
              productId: item.topUpProductId,
              phone: maskPhone(item.phone ?? ''),
              priceRon: item.priceBani,
              reference: item.issuedId,
            }
          : {
              categoryCode: item.categoryCode,
              categoryTitle,
              type: item.vignetteType,
              county: item.county,
              plate: item.plate,
              country: item.country,
              firstDay: item.firstDay,
              lastDay: item.lastDay,
              priceRon: item.priceBani,
              issuedId: item.issuedId,
            },
      ),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
