/**
 * The conformance tool pack: fixture tools of the official MCP conformance suite
 * ({@code schemas/operations/conformance-pack.json}). They are compiled into every child, but a worker hands them
 * to a child only when its catalog includes the pack ({@code taskgate.conformance.enabled=true}).
 */
package dev.taskgate.worker.child.ops.conformance;
