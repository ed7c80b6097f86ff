import { legalPage } from '@/components/legal/legal-document';

const page = legalPage('TermsPage', '/terms-conditions');

export const generateMetadata = page.generateMetadata;
export default page.Page;
