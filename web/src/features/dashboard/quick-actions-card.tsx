import { MessageSquare, Plus, Search, Upload } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

const actions = [
  { label: 'New Application', to: '/new-application', icon: Plus },
  { label: 'Search Patents', to: '/search', icon: Search },
  { label: 'Upload Documents', to: '/patents', icon: Upload },
  { label: 'View Feedback', to: '/patents', icon: MessageSquare },
]

export function QuickActionsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {actions.map(({ label, to, icon: Icon }, index) => (
          <Button key={label} variant={index === 0 ? 'default' : 'outline'} className="justify-start" asChild>
            <Link to={to}>
              <Icon />
              {label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  )
}
