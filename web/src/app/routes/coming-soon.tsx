import { PageHeader } from '@/components/ui/page-header';

/** Placeholder for screens whose issue has not landed yet; it says so rather than pretending. */
export function ComingSoonPage({ title, sentence }: { title: string; sentence: string }) {
  return <PageHeader title={title}>{sentence}</PageHeader>;
}
