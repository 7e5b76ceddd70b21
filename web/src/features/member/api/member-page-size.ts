/** Rows per page of the dashboard's lists; "Load more" fetches the next page (the gateway's default, at most 100). */
export const MEMBER_PAGE_SIZE = 50;
