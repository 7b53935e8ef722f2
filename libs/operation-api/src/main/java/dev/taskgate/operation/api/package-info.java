/**
 * The plug-in API for operations of one's own. A plug-in is a jar with {@link dev.taskgate.operation.api.ToolOperation}
 * implementations (found through {@link java.util.ServiceLoader}) and their catalog entries in
 * {@code META-INF/taskgate/operations.json}; put it in the directory named by {@code taskgate.plugins.directory} of
 * every service (docs/plugins.md).
 */
package dev.taskgate.operation.api;
