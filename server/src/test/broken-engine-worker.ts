/** An engine threads' module that cannot start, as a thread that fails to load would. */
throw new Error('This engine thread cannot start.')
