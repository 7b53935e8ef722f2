package dev.taskgate.frontend.execution;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One way an input fails its tool's schema.
 *
 * @param pointer JSON Pointer (RFC 6901) into the {@code input} member; empty for the input itself
 * @param message what is wrong there
 */
public record InputViolation(
        @JsonProperty("pointer") String pointer,
        @JsonProperty("message") String message) {}
