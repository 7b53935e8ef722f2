package dev.taskgate.jobctl.auth;

import jakarta.enterprise.context.RequestScoped;

import dev.taskgate.serviceauth.CallerAssertion;

/**
 * Who calls the current internal HTTP request, as its verified caller assertion says; set once by the
 * authentication filter before any resource runs. Resources take the caller from here and nowhere else: no header
 * names an identity on the internal API.
 */
@RequestScoped
public class InternalCaller {
    private CallerAssertion assertion;

    /** Records the verified assertion; only the authentication filter calls this. */
    public void verified(CallerAssertion verified) {
        if (assertion != null) {
            throw new IllegalStateException("the caller of a request is set once");
        }
        this.assertion = verified;
    }

    /** The end user and workspace the call is made for; 400 when the calling service named none. */
    public UserCall user() {
        CallerAssertion a = require();
        if (a.principal() == null || a.principal().isBlank()) {
            throw new CallerMissingException("the caller assertion names no principal");
        }
        if (a.workspace() == null || a.workspace().isBlank()) {
            throw new CallerMissingException("the caller assertion names no workspace");
        }
        return new UserCall(a.principal(), a.workspace(), a.route());
    }

    /** The verified assertion. */
    public CallerAssertion require() {
        if (assertion == null) {
            throw new IllegalStateException("no verified caller: is the internal API filter installed?");
        }
        return assertion;
    }

    /**
     * An end user's call.
     *
     * @param route the public route of an operator call, {@code null} otherwise
     */
    public record UserCall(String principal, String workspace, String route) {}
}
