import type { MetadataRoute } from 'next';
import { getConfig } from '@/lib/config/env';

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getConfig();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/'] }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
