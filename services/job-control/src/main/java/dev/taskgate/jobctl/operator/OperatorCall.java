package dev.taskgate.jobctl.operator;

import java.util.Objects;

/**
 * Who makes an operator call and how, as the frontend forwards it: recorded in the audit log whatever happens.
 *
 * @param principal the operator ({@code Caller.principal()} form)
 * @param workspace the project the route names ({@code org/project}); the operator's token is for it
 * @param route     HTTP method and public path as called
 */
public record OperatorCall(String principal, String workspace, String route) {

    public OperatorCall {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(route, "route");
    }
}
