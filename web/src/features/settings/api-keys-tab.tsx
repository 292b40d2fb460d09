import {
  apiKeyBySource,
  type DataSourceId,
  dataSourceIds,
  dataSourceNames,
} from '@patentdesk/contract/settings'
import { ArrowLeft, CircleCheck, CircleX, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { apiKeyStatusError, useApiKeyStatus } from './api'
import { DataSourceDialog } from './data-source-dialog'
import { RequestApiKeyDialog } from './request-api-key-dialog'

export function ApiKeysTab() {
  const status = useApiKeyStatus()
  const [selected, setSelected] = useState<DataSourceId | null>(null)

  return (
    <Card>
      <CardHeader>
        <CardTitle>External Data Sources</CardTitle>
        <CardDescription>
          API keys for external patent data sources are configured only by a system administrator, on the
          server. They cannot be entered here.
        </CardDescription>
        {status.data && (
          <p className="text-sm font-medium">
            {status.data.configuredApiCount} of {status.data.totalApiCount} configured
          </p>
        )}
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <p className="text-sm text-muted-foreground">Loading API key status...</p>
        ) : status.isError ? (
          <p className="text-sm text-destructive">{apiKeyStatusError}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {dataSourceIds.map((source) => {
              const keyName = apiKeyBySource[source]
              const configured = status.data.data.apiKeys[keyName] ?? false
              return (
                <li key={source} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <KeyRound className="size-4 text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">{dataSourceNames[source]}</p>
                    <p className="font-mono text-xs text-muted-foreground">{keyName}</p>
                  </div>
                  <Badge variant={configured ? 'success' : 'outline'}>
                    {configured ? <CircleCheck className="size-3.5" /> : <CircleX className="size-3.5" />}
                    {configured ? 'Configured' : 'Not configured'}
                  </Badge>
                  <Button variant="outline" size="sm" onClick={() => setSelected(source)}>
                    View Details
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3">
        <Button variant="ghost" asChild>
          <Link to="/dashboard">
            <ArrowLeft />
            Back to Dashboard
          </Link>
        </Button>
        <RequestApiKeyDialog />
      </CardFooter>
      <DataSourceDialog source={selected} onClose={() => setSelected(null)} />
    </Card>
  )
}
