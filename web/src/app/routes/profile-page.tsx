import { limits } from '@patentdesk/contract/limits'
import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { profileQueryOptions } from '@/features/auth/api'
import { ChangePasswordForm } from '@/features/auth/change-password-form'
import { ProfileForm } from '@/features/auth/profile-form'

export function ProfilePage() {
  const profile = useQuery(profileQueryOptions)
  return (
    <div className="max-w-2xl">
      <div className="mb-6">
        <h2 className="text-xl font-semibold tracking-tight">Account Settings</h2>
        <p className="text-sm text-muted-foreground">Manage your profile information and password.</p>
      </div>
      <Tabs defaultValue="profile">
        <TabsList>
          <TabsTrigger value="profile">Profile Information</TabsTrigger>
          <TabsTrigger value="password">Change Password</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>Profile Information</CardTitle>
              <CardDescription>Update your email address, name and organization.</CardDescription>
            </CardHeader>
            <CardContent>
              {profile.isPending ? (
                <p className="text-sm text-muted-foreground">Loading profile...</p>
              ) : profile.error ? (
                <p className="text-sm text-destructive">{profile.error.message}</p>
              ) : (
                <ProfileForm profile={profile.data} />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="password">
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>
                Choose a new password of at least {limits.password.min} characters.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  )
}
