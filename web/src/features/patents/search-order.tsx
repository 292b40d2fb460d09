import { searchSorts } from '@patentdesk/contract/patents'
import { dateTypes } from '@patentdesk/contract/search-query'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { defaultOrder, type SearchOrder } from './search-params'

const sortLabels: Record<SearchOrder['sort'], string> = {
  relevance: 'Relevance',
  new: 'Newest first',
  old: 'Oldest first',
}
const dateTypeLabels: Record<SearchOrder['dateType'], string> = {
  priority: 'Priority date',
  filing: 'Filing date',
  publication: 'Publication date',
}

type OrderSelectProps<T extends string> = {
  id: string
  label: string
  value: T
  values: readonly T[]
  labels: Record<T, string>
  onChange: (value: T) => void
}

function OrderSelect<T extends string>({ id, label, value, values, labels, onChange }: OrderSelectProps<T>) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id} className="h-8 w-auto">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {values.map((option) => (
            <SelectItem key={option} value={option}>
              {labels[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

type SearchOrderControlsProps = { order: SearchOrder; onChange: (order: SearchOrder) => void }

/**
 * How the results are handled, as Google Patents offers it: by relevance or by a date (the date type asked
 * only then), and one patent per family.
 */
export function SearchOrderControls({ order, onChange }: SearchOrderControlsProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <OrderSelect
        id="search-sort"
        label="Sort by"
        value={order.sort}
        values={searchSorts}
        labels={sortLabels}
        onChange={(sort) => onChange({ ...order, sort })}
      />
      {order.sort !== defaultOrder.sort && (
        <OrderSelect
          id="search-date-type"
          label="Date"
          value={order.dateType}
          values={dateTypes}
          labels={dateTypeLabels}
          onChange={(dateType) => onChange({ ...order, dateType })}
        />
      )}
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-muted-foreground">
        <input
          type="checkbox"
          checked={order.dups === 'family'}
          onChange={(event) => onChange({ ...order, dups: event.target.checked ? 'family' : undefined })}
          className="size-4 cursor-pointer accent-primary"
        />
        One per family
      </label>
    </div>
  )
}
