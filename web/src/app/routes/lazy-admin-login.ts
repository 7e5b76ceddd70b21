// The Admin Login dialog (Radix Dialog, about 15 KB gzipped) loads after the page that offers it, not with it.
export const loadAdminLoginDialog = () => import('@/features/auth/components/admin-login-dialog').then((m) => ({ Dialog: m.AdminLoginDialog }));
