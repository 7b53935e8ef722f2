package dev.taskgate.contracts;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An RFC 9457 problem: the body of every REST error and the reason of a rejected command.
 *
 * @param type     a URI naming the kind of problem
 * @param title    a short, stable summary of the kind
 * @param status   the HTTP status code
 * @param detail   what went wrong with this request
 * @param instance the request path, when known
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Problem(
        @JsonProperty("type") String type,
        @JsonProperty("title") String title,
        @JsonProperty("status") int status,
        @JsonProperty("detail") String detail,
        @JsonProperty("instance") String instance) {

    /** Base of every problem type URI. */
    public static final String TYPE_BASE = "https://taskgate.dev/problems/";

    public Problem {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(title, "title");
    }

    /** A problem of the named kind ({@code TYPE_BASE + slug}). */
    public static Problem of(String slug, String title, int status, String detail) {
        return new Problem(TYPE_BASE + slug, title, status, detail, null);
    }

    /** The same problem attached to a request path. */
    public Problem at(String path) {
        return new Problem(type, title, status, detail, path);
    }
}
