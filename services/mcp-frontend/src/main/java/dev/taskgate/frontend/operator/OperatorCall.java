package dev.taskgate.frontend.operator;

import java.util.Objects;

/**
 * One call of an operator route, as it is recorded in the audit log whatever its outcome.
 *
 * @param principal the operator ({@code Caller.principal()} form), from the verified token
 * @param workspace the project the route names ({@code org/project})
 * @param action    an {@code OperatorActions} name
 * @param route     HTTP method and path as called
 * @param target    the handle the route names, or {@code null}
 */
public record OperatorCall(String principal, String workspace, String action, String route, String target) {

    public OperatorCall {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(route, "route");
    }
}
