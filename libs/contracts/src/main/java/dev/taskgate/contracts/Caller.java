package dev.taskgate.contracts;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The authenticated caller of a command, taken from a verified token by the frontend.
 *
 * @param issuer    the token's {@code iss}
 * @param subject   the token's {@code sub}
 * @param orgId     the organization the call is made in
 * @param projectId the project (workspace) the call is made in
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Caller(
        @JsonProperty("issuer") String issuer,
        @JsonProperty("subject") String subject,
        @JsonProperty("orgId") String orgId,
        @JsonProperty("projectId") String projectId) {

    public Caller {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(orgId, "orgId");
        Objects.requireNonNull(projectId, "projectId");
    }

    /** The principal: issuer and subject, unambiguous because the issuer is a URL without spaces. */
    public String principal() {
        return issuer + " " + subject;
    }

    /** The workspace identity executions and receipts are scoped to. */
    public String workspace() {
        return orgId + "/" + projectId;
    }
}
