import { legalPage } from '@/components/legal/legal-document';

const page = legalPage('PrivacyPage', '/gdpr');

export const generateMetadata = page.generateMetadata;
export default page.Page;
