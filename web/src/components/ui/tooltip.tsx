import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ReactNode } from 'react'

type TooltipProps = {
  content: string
  /** A disabled button gets no pointer or focus events, so the trigger wraps it in a focusable span. */
  children: ReactNode
}

/** Explains a control on hover and keyboard focus. */
export function Tooltip({ content, children }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the span stands in for a disabled button, which cannot take focus
            tabIndex={0}
            className="inline-flex rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {children}
          </span>
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  )
}
