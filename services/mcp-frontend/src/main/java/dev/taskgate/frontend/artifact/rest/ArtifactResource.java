package dev.taskgate.frontend.artifact.rest;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;

import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.contracts.artifact.ArtifactMetadata;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.CallerResolver;
import dev.taskgate.frontend.query.ArtifactQueries;
import dev.taskgate.problem.ProblemResponses;

/**
 * Artifacts of a workspace ({@code docs/worker-pool.md}, "Artifacts"). The same checks as executions ({@code tools:call},
 * the path's org/project are the token's, the {@code workspaces} grant holds them), but NOT principal-private: any
 * principal of the workspace may read what any operation in it saved. Unknown, expired, another workspace's: the
 * uniform 404.
 */
@Path("/v1/orgs/{org}/projects/{project}/artifacts")
@Authenticated
@Blocking
@Tag(name = "Artifacts")
public class ArtifactResource {
    /**
     * Artifacts are operation output, possibly active content (SVG can hold script): nothing they contain may load,
     * run or navigate when a browser opens the URL; inline styles keep SVG drawings readable.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

    private final CallerResolver callers;
    private final ArtifactQueries artifacts;

    ArtifactResource(CallerResolver callers, ArtifactQueries artifacts) {
        this.callers = callers;
        this.artifacts = artifacts;
    }

    /** The content, with its media type; {@code ETag} is the quoted SHA-256, {@code If-None-Match} answers 304. */
    @Operation(operationId = "getArtifact", summary = "Get an artifact's content")
    @APIResponse(
            responseCode = "200",
            description = "The content, with its own media type; ETag is its quoted SHA-256",
            content = @Content(mediaType = "*/*", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "304", description = "If-None-Match names the content")
    @GET
    @Path("/{id}")
    public Response content(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        ArtifactContent found = artifacts.artifact(caller.caller(), id);
        ArtifactMetadata artifact = found.artifact();
        String etag = "\"" + artifact.sha256() + "\"";
        Response.ResponseBuilder response = etag.equals(ifNoneMatch)
                ? Response.notModified()
                : Response.ok(found.content()).header(HttpHeaders.CONTENT_TYPE, artifact.mediaType());
        return response.header(HttpHeaders.ETAG, etag)
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header(HttpHeaders.CACHE_CONTROL, "private, no-cache")
                .header("Content-Disposition", contentDisposition(artifact.name()))
                .build();
    }

    /** What is known about the artifact, without its content ({@code ArtifactMetadata}). */
    @Operation(operationId = "getArtifactMetadata", summary = "Get an artifact's metadata")
    @APIResponse(
            responseCode = "200",
            description = "What is known about the artifact, without its content",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ArtifactMetadata.class)))
    @GET
    @Path("/{id}/metadata")
    public Response metadata(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        ArtifactMetadata artifact = artifacts.artifact(caller.caller(), id).artifact();
        return Response.ok(ProblemResponses.bytes(artifact), MediaType.APPLICATION_JSON)
                .header(HttpHeaders.CACHE_CONTROL, "private, no-cache")
                .build();
    }

    /**
     * {@code inline} with the name: an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 8187). Names never hold
     * quotes, backslashes or control characters (ArtifactRules), so the quoted form needs no escaping.
     */
    static String contentDisposition(String name) {
        StringBuilder ascii = new StringBuilder();
        name.chars().forEach(c -> ascii.append(c < 0x7F ? (char) c : '_'));
        return "inline; filename=\"" + ascii + "\"; filename*=UTF-8''"
                + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
