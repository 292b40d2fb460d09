import { formatCount } from '@patentdesk/contract/format'
import type { DatabaseDriver } from '@patentdesk/contract/health'
import { Database } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useDatabaseStatus } from './api'

const driverLabels: Record<DatabaseDriver, string> = {
  pglite: 'PGlite (embedded PostgreSQL)',
  postgres: 'PostgreSQL',
}

export function DatabaseTab() {
  const status = useDatabaseStatus()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Database</CardTitle>
        <CardDescription>
          The database this server uses, and the live number of rows in each table.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={status} loadingText="Loading database status...">
          {({ driver, ok, tables }) => (
            <div className="grid grid-cols-1 gap-6">
              <dl className="grid gap-4 sm:grid-cols-2">
                <div className="flex items-center gap-3 rounded-lg border p-4">
                  <Database className="size-5 text-primary" />
                  <div>
                    <dt className="text-xs font-medium text-muted-foreground">Type</dt>
                    <dd className="text-sm font-semibold">{driverLabels[driver]}</dd>
                  </div>
                </div>
                <div className="flex items-center gap-3 rounded-lg border p-4">
                  <div>
                    <dt className="text-xs font-medium text-muted-foreground">Status</dt>
                    <dd className="mt-1">
                      <Badge variant={ok ? 'success' : 'destructive'}>
                        {ok ? 'Connected' : 'Unavailable'}
                      </Badge>
                    </dd>
                  </div>
                </div>
              </dl>
              {tables.length > 0 && (
                <Table label="Row counts by table">
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead>Table</TableHead>
                      <TableHead className="text-right">Rows</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {tables.map((table) => (
                      <TableRow key={table.name}>
                        <TableCell className="font-mono text-xs">{table.name}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatCount(table.rows)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  )
}
