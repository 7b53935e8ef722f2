package dev.taskgate.worker.child.ops.conformance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;

/** The fixed results of the suite's {@code tools-call-*} scenarios, in the shapes their descriptions give. */
public final class ContentFixtures {
    /** A 1x1 red PNG. */
    static final String RED_PIXEL_PNG =
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
    /** Eight samples of 8 kHz, 8-bit mono silence. */
    static final String SILENT_WAV = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ContentFixtures() {}

    /** {@code test_simple_text}. */
    public static String simpleText() {
        return CallToolResults.text("This is a simple text response for testing.", false);
    }

    /** {@code test_image_content}. */
    public static String image() {
        ObjectNode result = MAPPER.createObjectNode();
        addImage(result.putArray("content"));
        return CallToolResults.compact(result);
    }

    /** {@code test_audio_content}. */
    public static String audio() {
        ObjectNode result = MAPPER.createObjectNode();
        result.putArray("content")
                .addObject()
                .put("type", "audio")
                .put("data", SILENT_WAV)
                .put("mimeType", "audio/wav");
        return CallToolResults.compact(result);
    }

    /** {@code test_embedded_resource}. */
    public static String embeddedResource() {
        ObjectNode result = MAPPER.createObjectNode();
        addResource(
                result.putArray("content"),
                "test://embedded-resource",
                "text/plain",
                "This is an embedded resource content.");
        return CallToolResults.compact(result);
    }

    /** {@code test_multiple_content_types}: text, image and an embedded JSON resource. */
    public static String mixed() {
        ObjectNode result = MAPPER.createObjectNode();
        ArrayNode content = result.putArray("content");
        content.addObject().put("type", "text").put("text", "Multiple content types test:");
        addImage(content);
        addResource(content, "test://mixed-content-resource", "application/json", "{\"test\":\"data\",\"value\":123}");
        return CallToolResults.compact(result);
    }

    /** {@code test_error_handling}: a tool error, which is a result and not a failed execution. */
    public static String error() {
        return CallToolResults.text("This tool intentionally returns an error for testing", true);
    }

    /** {@code json_schema_2020_12_tool}: the suite only inspects its listed schema. */
    public static String ok() {
        return CallToolResults.text("ok", false);
    }

    private static void addImage(ArrayNode content) {
        content.addObject().put("type", "image").put("data", RED_PIXEL_PNG).put("mimeType", "image/png");
    }

    private static void addResource(ArrayNode content, String uri, String mimeType, String text) {
        content.addObject()
                .put("type", "resource")
                .putObject("resource")
                .put("uri", uri)
                .put("mimeType", mimeType)
                .put("text", text);
    }
}
