import { legalPage } from '@/components/legal/legal-document';

const page = legalPage('CookiePolicyPage', '/cookie-policy');

export const generateMetadata = page.generateMetadata;
export default page.Page;
