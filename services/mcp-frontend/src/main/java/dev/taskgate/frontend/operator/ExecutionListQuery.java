package dev.taskgate.frontend.operator;

/**
 * The query parameters of the operator's execution list as the caller sent them; job-control parses and checks
 * them (docs/mcp-frontend.md "Operator API").
 *
 * @param status        a state's wire name
 * @param tool          a tool's exact name
 * @param principal     an owner's exact principal
 * @param createdFrom   RFC 3339 instant, inclusive
 * @param createdBefore RFC 3339 instant, exclusive
 * @param limit         the page size
 * @param cursor        where the previous page ended
 */
public record ExecutionListQuery(
        String status,
        String tool,
        String principal,
        String createdFrom,
        String createdBefore,
        String limit,
        String cursor) {}
