import type { AdminUser } from '@patentdesk/contract/admin'
import { Badge } from '@/components/ui/badge'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDate } from '@/lib/format'

export function AdminUsersTable({ users }: { users: AdminUser[] }) {
  return (
    <Table label="Users">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>ID</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Full Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Organization</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="text-muted-foreground">{user.id}</TableCell>
            <TableCell className="font-medium">{user.username}</TableCell>
            <TableCell className="whitespace-nowrap">{user.fullName}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell>{user.organization || '-'}</TableCell>
            <TableCell>
              <Badge variant={user.isAdmin ? 'default' : 'secondary'}>
                {user.isAdmin ? 'Admin' : 'Applicant'}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(user.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
