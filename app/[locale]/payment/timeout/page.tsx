import { paymentOutcomePage } from '@/components/payment/payment-outcome';

const page = paymentOutcomePage('timeout');

export const generateMetadata = page.generateMetadata;
export default page.Page;
