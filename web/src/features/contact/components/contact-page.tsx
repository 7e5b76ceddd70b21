import { HandHeart, MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ContactForm } from './contact-form';
import { ContactInfo } from './contact-info';
import { PrayerForm } from './prayer-form';

type ContactTab = 'contact' | 'prayer';

const PRAYER_HASH = '#prayer';

/**
 * /contact (spec §2). The open tab lives in the URL: #prayer is the Prayer Request tab, so links to
 * /contact#prayer (and changes of the hash on this page) open it, and choosing a tab updates the address.
 */
export function ContactPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const tab: ContactTab = hash === PRAYER_HASH ? 'prayer' : 'contact';
  const panelRef = useRef<HTMLDivElement>(null);
  const switchedByTab = useRef(false);

  // Arriving at #prayer from a link (or the address bar) brings the forms into view; on a phone they sit
  // below the contact details. A tab click changes the hash too, but the forms are already in view then.
  useEffect(() => {
    if (switchedByTab.current) {
      switchedByTab.current = false;
      return;
    }
    if (hash !== PRAYER_HASH) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const scroll = () => panelRef.current?.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    // Once the page's largest paint is reported: Chromium reports none at all for a page scrolled before that (it
    // stops at the first scroll), and Lighthouse then scores /contact#prayer 0 on a phone. A browser without the
    // entry type, or a page whose paint came long before (a hash change), scrolls after a short wait.
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      window.clearTimeout(timer);
      scroll();
    };
    const timer = window.setTimeout(once, 1000);
    let observer: PerformanceObserver | undefined;
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver(() => window.setTimeout(once, 0));
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    }
    return () => {
      done = true;
      observer?.disconnect();
      window.clearTimeout(timer);
    };
  }, [hash]);

  function handleTabChange(value: string) {
    switchedByTab.current = true;
    navigate({ hash: value === 'prayer' ? PRAYER_HASH : '' }, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <PageHeader title="Get In Touch">Questions, partnership ideas or a need for prayer: we would love to hear from you.</PageHeader>

      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:px-8 lg:py-16">
        <ContactInfo />

        <div ref={panelRef} className="scroll-mt-24 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:p-8">
          <Tabs value={tab} onValueChange={handleTabChange}>
            <TabsList aria-label="How would you like to reach us?">
              <TabsTrigger value="contact">
                <MessageSquare className="size-4" aria-hidden />
                Contact Us
              </TabsTrigger>
              <TabsTrigger value="prayer">
                <HandHeart className="size-4" aria-hidden />
                Prayer Request
              </TabsTrigger>
            </TabsList>

            <TabsContent value="contact" keepMounted>
              <h2 className="font-serif text-2xl font-bold text-indigo-950">Send us a message</h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">
                Fields marked{' '}
                <span aria-hidden className="text-red-600">
                  *
                </span>
                <span className="sr-only">with an asterisk</span> are required.
              </p>
              <ContactForm />
            </TabsContent>
            <TabsContent value="prayer" keepMounted>
              <h2 className="font-serif text-2xl font-bold text-indigo-950">Share a prayer request</h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">
                Everything you share is kept confidential. Fields marked{' '}
                <span aria-hidden className="text-red-600">
                  *
                </span>
                <span className="sr-only">with an asterisk</span> are required.
              </p>
              <PrayerForm />
            </TabsContent>
          </Tabs>
        </div>
      </div>
    </>
  );
}
