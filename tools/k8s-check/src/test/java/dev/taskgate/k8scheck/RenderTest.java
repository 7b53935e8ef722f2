package dev.taskgate.k8scheck;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/** Every overlay renders with kustomize v2.0.3, and a newer kubectl on the PATH renders exactly the same objects. */
class RenderTest {
    static final List<String> OVERLAYS = Manifests.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void rendersWithDebiansKubectl(String overlay) {
        List<ObjectNode> objects = Manifests.render(overlay);

        assertThat(Manifests.ofKind(objects, "Deployment"))
                .extracting(Manifests::name)
                .containsExactlyInAnyOrderElementsOf(Manifests.SERVICES);
        assertThat(objects)
                .allSatisfy(o -> assertThat(o.path("metadata").path("namespace").asText())
                        .as(Manifests.id(o))
                        .isEqualTo("taskgate"));
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void aNewerKubectlRendersTheSameObjects(String overlay) {
        Optional<Path> other = Kubectl.onPath();
        assumeThat(other).as("another kubectl on the PATH").isPresent();

        List<ObjectNode> reference = Manifests.render(overlay);
        List<ObjectNode> newer = Manifests.renderWith(other.get(), overlay);

        // JsonNode equality ignores the order of an object's fields, which differs between kustomize versions
        assertThat(newer).containsExactlyInAnyOrderElementsOf(reference);
    }
}
