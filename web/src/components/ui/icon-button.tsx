import type { ComponentProps } from 'react'
import { Button } from './button'

type IconButtonProps = Omit<ComponentProps<typeof Button>, 'aria-label' | 'aria-labelledby'> & {
  /** What the button does or opens, e.g. "Notifications"; it starts the accessible name. */
  label: string
  /** Text the button shows beside its icon (a count, initials), rendered by the caller among the children. */
  visibleText?: string
}

/**
 * The one accessible-name rule for buttons drawn as an icon: the name is the label followed by any
 * text the button shows, so the name always contains what is seen (WCAG 2.5.3, axe
 * label-content-name-mismatch) and a speech user can say it. The icons themselves are hidden from
 * assistive technology (lucide marks them aria-hidden).
 */
export function IconButton({
  label,
  visibleText,
  variant = 'ghost',
  size = 'icon',
  ...props
}: IconButtonProps) {
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={visibleText ? `${label} ${visibleText}` : label}
      {...props}
    />
  )
}
