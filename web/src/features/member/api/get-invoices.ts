import type { MemberInvoice, MemberInvoiceReceipt } from '@km/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const INVOICES_PATH = '/api/membership/invoices';

export const getInvoices = async (): Promise<MemberInvoice[]> => (await (await apiRequest('GET', INVOICES_PATH)).json()) as MemberInvoice[];
export const invoicesQueryOptions = () => queryOptions({ queryKey: [INVOICES_PATH], queryFn: getInvoices });
export const useMemberInvoices = () => useQuery(invoicesQueryOptions());

/** One invoice as a receipt; another member's (or an unknown) invoice answers 404. */
export const getInvoice = async (invoiceId: string): Promise<MemberInvoiceReceipt> =>
  (await (await apiRequest('GET', `${INVOICES_PATH}/${encodeURIComponent(invoiceId)}`)).json()) as MemberInvoiceReceipt;
export const invoiceQueryOptions = (invoiceId: string) => queryOptions({ queryKey: [INVOICES_PATH, invoiceId], queryFn: () => getInvoice(invoiceId) });
export const useMemberInvoice = (invoiceId: string) => useQuery(invoiceQueryOptions(invoiceId));
