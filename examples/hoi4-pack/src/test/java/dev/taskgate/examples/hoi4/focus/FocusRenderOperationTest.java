package dev.taskgate.examples.hoi4.focus;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.support.DirectoryWorkspace;
import dev.taskgate.examples.hoi4.support.RecordingContext;
import dev.taskgate.examples.hoi4.support.Results;
import dev.taskgate.operation.api.ToolStoppedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FocusRenderOperationTest {
    private static final String SVG_NS = "http://www.w3.org/2000/svg";

    private final FocusRenderOperation operation = new FocusRenderOperation();

    @TempDir
    Path directory;

    private static ObjectNode input(String tree) {
        return Results.JSON.createObjectNode().put("tree", tree);
    }

    private static Document xml(byte[] svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
    }

    private static List<Element> elements(Document document, String name) {
        NodeList nodes = document.getElementsByTagNameNS(SVG_NS, name);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    @Test
    void rendersEveryFocusAsABoxWithItsIdAndTheLinesBetweenThem() throws Exception {
        RecordingContext context = RecordingContext.over(FocusFixtures.germany(directory));

        JsonNode result = Results.parse(operation.call(input("german_focus"), context));

        RecordingContext.Artifact artifact = context.artifacts().get("german_focus.svg");
        assertThat(artifact.mediaType()).isEqualTo("image/svg+xml");
        Document svg = xml(artifact.content());
        assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(elements(svg, "text"))
                .extracting(Element::getTextContent)
                .containsExactly("GER_army", "GER_navy", "GER_tanks", "GER_planes", "GER_ships", "SH_root", "SH_next");
        assertThat(elements(svg, "rect")).hasSize(7);
        Element navy = elements(svg, "rect").get(1);
        assertThat(navy.getAttribute("x")).isEqualTo("20");
        assertThat(navy.getAttribute("y")).isEqualTo("20");
        Element army = elements(svg, "rect").get(0);
        assertThat(army.getAttribute("x")).isEqualTo(String.valueOf(3 * FocusSvg.COLUMN_WIDTH + 20));
        Element tanks = elements(svg, "rect").get(2);
        assertThat(tanks.getAttribute("y")).isEqualTo(String.valueOf(FocusSvg.ROW_HEIGHT + 20));
        List<Element> lines = elements(svg, "line");
        assertThat(lines)
                .filteredOn(l -> l.getAttribute("stroke-dasharray").isEmpty())
                .hasSize(6);
        assertThat(lines)
                .filteredOn(l -> !l.getAttribute("stroke-dasharray").isEmpty())
                .hasSize(1);

        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.at("/content/0/text").asText())
                .contains("Rendered focus tree german_focus: 7 of 7 focuses")
                .contains("german_focus.svg");
        JsonNode link = result.at("/content/1");
        assertThat(link.get("type").asText()).isEqualTo("resource_link");
        assertThat(link.get("uri").asText()).isEqualTo("http://127.0.0.1:8080/artifacts/german_focus.svg");
        assertThat(link.get("mimeType").asText()).isEqualTo("image/svg+xml");
        assertThat(link.get("size").asInt()).isEqualTo(artifact.content().length);
        JsonNode summary = result.get("structuredContent");
        assertThat(summary.get("focuses_rendered").asInt()).isEqualTo(7);
        assertThat(summary.get("truncated").asBoolean()).isFalse();
        assertThat(summary.at("/artifact/name").asText()).isEqualTo("german_focus.svg");
    }

    @Test
    void escapesIdsThatAreNotXml() throws Exception {
        String id = "x<y&z\"q'";
        DirectoryWorkspace workspace = new DirectoryWorkspace("mod", directory)
                .write(
                        "mod/common/national_focus/odd.txt",
                        "focus_tree = { id = \"odd<tree>\" focus = { id = \"x<y&z\\\"q'\" } }");
        RecordingContext context = RecordingContext.over(workspace);

        operation.call(input("odd<tree>"), context);

        Document svg = xml(context.artifacts().get("odd<tree>.svg").content());
        assertThat(elements(svg, "text")).extracting(Element::getTextContent).containsExactly(id);
        assertThat(svg.getDocumentElement()
                        .getElementsByTagNameNS(SVG_NS, "title")
                        .item(0)
                        .getTextContent())
                .isEqualTo("focus tree odd<tree>");
    }

    @Test
    void drawsAtMostMaxFocuses() throws Exception {
        RecordingContext context = RecordingContext.over(FocusFixtures.germany(directory));

        JsonNode result = Results.parse(operation.call(input("german_focus").put("max_focuses", 3), context));

        Document svg = xml(context.artifacts().get("german_focus.svg").content());
        assertThat(elements(svg, "rect")).hasSize(3);
        assertThat(elements(svg, "line")).hasSize(1);
        assertThat(result.at("/structuredContent/truncated").asBoolean()).isTrue();
        assertThat(result.at("/content/0/text").asText()).contains("3 of 7 focuses (truncated at max_focuses)");
    }

    @Test
    void anUnknownTreeIsAToolErrorNamingTheKnownTrees() throws Exception {
        RecordingContext context = RecordingContext.over(FocusFixtures.germany(directory));

        String text = Results.errorText(operation.call(input("soviet_focus"), context));

        assertThat(text).contains("no focus tree soviet_focus").contains("known trees: german_focus");
        assertThat(context.artifacts()).isEmpty();
    }

    @Test
    void needsAWorkspace() throws Exception {
        String text = Results.errorText(operation.call(input("german_focus"), RecordingContext.withoutWorkspace()));

        assertThat(text).contains("hoi4.focus_render needs a registered workspace");
    }

    @Test
    void saysSoWhenThePictureCannotBeSaved() throws Exception {
        RecordingContext context = RecordingContext.over(FocusFixtures.germany(directory))
                .failSavingWith(new IllegalStateException("no workspace for this execution"));

        String text = Results.errorText(operation.call(input("german_focus"), context));

        assertThat(text)
                .isEqualTo(
                        "the picture of focus tree german_focus could not be saved: no workspace for this execution");
    }

    @Test
    void refusesAPictureOverTheArtifactLimit() throws Exception {
        StringBuilder script = new StringBuilder("focus_tree = { id = huge\n");
        String padding = "_".repeat(100);
        for (int i = 0; i < 2000; i++) {
            script.append("focus = { id = F")
                    .append(i)
                    .append(padding)
                    .append(" x = ")
                    .append(i % 50);
            script.append(" y = ").append(i / 50).append(" }\n");
        }
        DirectoryWorkspace workspace = new DirectoryWorkspace("mod", directory)
                .write("mod/common/national_focus/huge.txt", script.append("}").toString());
        RecordingContext context = RecordingContext.over(workspace);

        String text = Results.errorText(operation.call(input("huge").put("max_focuses", 5000), context));

        assertThat(text).contains("over the artifact limit of 524288").contains("fewer max_focuses");
        assertThat(context.artifacts()).isEmpty();
        assertThat(Results.structured(operation.call(input("huge").put("max_focuses", 100), context))
                        .get("focuses_rendered")
                        .asInt())
                .isEqualTo(100);
    }

    @Test
    void stopsBetweenFilesWhenAsked() {
        RecordingContext context =
                RecordingContext.over(FocusFixtures.germany(directory)).stopAfter(0);

        assertThatThrownBy(() -> operation.call(input("german_focus"), context))
                .isInstanceOf(ToolStoppedException.class);
        assertThat(context.artifacts()).isEmpty();
    }

    @Test
    void namesTheArtifactAfterTheTreeWithoutRefusedCharacters() {
        assertThat(FocusRenderOperation.artifactName("GER_focus")).isEqualTo("GER_focus.svg");
        assertThat(FocusRenderOperation.artifactName("a/b\\c\"d'e\u0007f")).isEqualTo("a_b_c_d_e_f.svg");
        assertThat(FocusRenderOperation.artifactName("t".repeat(300))).hasSize(200);
    }

    @Test
    void escapesEveryXmlSpecialCharacter() {
        assertThat(FocusSvg.escape("<a & 'b' \"c\">\u0001\uFFFE\tok"))
                .isEqualTo("&lt;a &amp; &apos;b&apos; &quot;c&quot;&gt;\uFFFD\uFFFD\tok");
    }
}
