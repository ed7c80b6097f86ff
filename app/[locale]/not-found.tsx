import { NotFoundView } from '@/components/not-found/not-found-view';

export default function LocaleNotFound() {
  return <NotFoundView />;
}
