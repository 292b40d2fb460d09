import { createBrowserRouter } from 'react-router'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import { PatentAnalysis } from '@/features/analysis/patent-analysis'
import { MyPatents } from '@/features/applications/my-patents'
import { ForgotPasswordForm } from '@/features/auth/forgot-password-form'
import { LoginForm } from '@/features/auth/login-form'
import { RegisterForm } from '@/features/auth/register-form'
import { ResetPasswordForm } from '@/features/auth/reset-password-form'
import { Dashboard } from '@/features/dashboard/dashboard'
import { NotificationList } from '@/features/notifications/notification-list'
import { PatentComparison } from '@/features/patents/patent-comparison'
import { PatentDetailsRoute } from '@/features/patents/patent-details'
import { PatentSearch } from '@/features/patents/patent-search'
import { ApplicationSettings } from '@/features/settings/application-settings'
import { AdminOnly, PublicShell, redirectSignedIn, SignedInShell } from './guards'
import { AuthLayout } from './layout/auth-layout'
import type { RouteHandle } from './layout/route-title'
import { ApplicationDetailPage } from './routes/application-detail-page'
import { LandingPage } from './routes/landing-page'
import { NewApplicationPage } from './routes/new-application-page'
import { NotFoundPage } from './routes/not-found-page'
import { ProfilePage } from './routes/profile-page'
import { RootRoute } from './routes/root-route'
import { RouteErrorPage } from './routes/route-error-page'

const titled = (title: string): RouteHandle => ({ title })

const patentSearch = { element: <PatentSearch />, handle: titled('Patent Search') }

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    // The sign-in redirect of the auth screens is a loader; nothing needs showing while it runs.
    HydrateFallback: () => null,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <AuthLayout />,
        loader: redirectSignedIn,
        children: [
          { path: 'login', element: <LoginForm />, handle: titled('Login') },
          { path: 'register', element: <RegisterForm />, handle: titled('Register') },
          { path: 'forgot-password', element: <ForgotPasswordForm />, handle: titled('Forgot Password') },
          { path: 'reset-password', element: <ResetPasswordForm />, handle: titled('Reset Password') },
        ],
      },
      {
        element: <PublicShell />,
        children: [
          { path: 'serpapi-search', ...patentSearch },
          { path: 'search', ...patentSearch },
          { path: 'patent-comparison', element: <PatentComparison />, handle: titled('Patent Comparison') },
          { path: 'patent-analysis', element: <PatentAnalysis />, handle: titled('Patent Analysis') },
          {
            path: 'patent-details/:reference',
            element: <PatentDetailsRoute />,
            handle: titled('Patent Details'),
          },
        ],
      },
      {
        element: <SignedInShell />,
        children: [
          { path: 'dashboard', element: <Dashboard />, handle: titled('Dashboard') },
          { path: 'patents', element: <MyPatents />, handle: titled('My Patents') },
          { path: 'patents/:id', element: <ApplicationDetailPage />, handle: titled('Application Details') },
          {
            path: 'patents/:id/feedback',
            element: <ApplicationDetailPage tab="feedback" />,
            handle: titled('Application Feedback'),
          },
          {
            path: 'new-application',
            element: <NewApplicationPage />,
            handle: titled('New Patent Application'),
          },
          { path: 'profile', element: <ProfilePage />, handle: titled('My Profile') },
          { path: 'settings', element: <ApplicationSettings />, handle: titled('Application Settings') },
          { path: 'notifications', element: <NotificationList />, handle: titled('Notifications') },
          {
            element: <AdminOnly />,
            children: [{ path: 'admin', element: <AdminDashboard />, handle: titled('Admin Dashboard') }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: titled('404 Page Not Found') },
    ],
  },
])
