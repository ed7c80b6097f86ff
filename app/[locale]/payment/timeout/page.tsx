import { paymentOutcomePage } from '@/components/payment/payment-outcome';

// Reads the order of `?orderId=` on every visit: never cached, never indexed.
export const dynamic = 'force-dynamic';

const page = paymentOutcomePage('timeout');

export const generateMetadata = page.generateMetadata;
export default page.Page;
