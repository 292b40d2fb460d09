import {
  type CollaboratorRole,
  collaboratorRoles,
  roleDescriptions,
  roleLabels,
} from '@patentdesk/contract/collaborator-roles'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'

type RoleSelectProps = {
  value: CollaboratorRole
  onChange: (role: CollaboratorRole) => void
  id?: string
  /** Its name when no label points at it (a row's select: "Role of …"). */
  label?: string
  describedBy?: string
  disabled?: boolean
  className?: string
}

/** A role, each option saying what it allows; the closed select shows the role's name only. */
export function RoleSelect({
  value,
  onChange,
  id,
  label,
  describedBy,
  disabled,
  className,
}: RoleSelectProps) {
  return (
    <Select value={value} onValueChange={(role) => onChange(role as CollaboratorRole)} disabled={disabled}>
      <SelectTrigger
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        className={cn('w-32', className)}
      >
        <SelectValue>{roleLabels[value]}</SelectValue>
      </SelectTrigger>
      <SelectContent className="w-72 max-w-[calc(100vw-2rem)]">
        {collaboratorRoles.map((role) => (
          <SelectItem key={role} value={role} textValue={roleLabels[role]} className="py-2">
            <span className="grid gap-0.5">
              <span className="font-medium">{roleLabels[role]}</span>
              <span className="text-xs text-muted-foreground">{roleDescriptions[role]}</span>
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
