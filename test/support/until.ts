/**
 * Waits for a state the test cannot be told about by an event (an engine's queue, a connection
 * coming up): polled, with no deadline of its own. The test then asserts what follows from that
 * state; jest's timeout is only the safety net for a state that never comes.
 */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
