package dev.taskgate.k8scheck;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/** prod and prod-keda: every Deployment has a PodDisruptionBudget, two replicas at least, and anti-affinity. */
class ProdAvailabilityTest {
    @ParameterizedTest
    @ValueSource(strings = {"prod", "prod-keda"})
    void productionOverlaysAreAvailable(String overlay) {
        assertThat(Checks.availability(Manifests.render(overlay))).isEmpty();
    }

    @Test
    void theFrontendScalesOnCpuBetweenTwoAndSix() {
        ObjectNode hpa = Manifests.get(Manifests.render("prod"), "HorizontalPodAutoscaler", "mcp-frontend");

        assertThat(hpa.path("spec").path("minReplicas").asInt()).isEqualTo(2);
        assertThat(hpa.path("spec").path("maxReplicas").asInt()).isEqualTo(6);
        assertThat(hpa.path("spec")
                        .path("metrics")
                        .path(0)
                        .path("resource")
                        .path("name")
                        .asText())
                .isEqualTo("cpu");
    }

    @Test
    void theDevelopmentOverlayIsNot() {
        // one replica each, no anti-affinity: the check sees it
        assertThat(Checks.availability(Manifests.render("dev")))
                .contains(
                        "Deployment/job-control: at least 1 replica(s), fewer than 2",
                        "Deployment/job-control: no pod anti-affinity");
    }

    @Test
    void aDeploymentWithoutBudgetIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod").stream()
                .filter(o -> !Manifests.id(o).equals("PodDisruptionBudget/worker-pool"))
                .toList();

        assertThat(Checks.availability(objects))
                .containsExactly("Deployment/worker-pool: no PodDisruptionBudget selects its pods");
    }
}
