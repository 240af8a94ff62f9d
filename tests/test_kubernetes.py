"""deploy/kubernetes: every manifest is valid against the Kubernetes schemas (kubernetes-validate, offline), the
pieces agree with each other and with the image, and kubectl renders (and, given a cluster, dry-runs) them."""

import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from app.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy" / "kubernetes"
KUBERNETES_VERSION = "1.32.0"  # validated against this release's schemas; nothing newer is used
KUBECTL = shutil.which("kubectl")


def manifests() -> dict[str, dict[str, Any]]:
    """Each resource listed by the kustomization, by kind."""
    listed = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())["resources"]
    resources = [yaml.safe_load((DEPLOY / name).read_text()) for name in listed]
    return {resource["kind"]: resource for resource in resources}


def container() -> dict[str, Any]:
    [api] = manifests()["Deployment"]["spec"]["template"]["spec"]["containers"]
    return api


def env() -> dict[str, str]:
    return {variable["name"]: variable["value"] for variable in container()["env"]}


def test_the_kustomization_lists_every_manifest() -> None:
    listed = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())["resources"]
    on_disk = sorted(path.name for path in DEPLOY.glob("*.yaml") if path.name != "kustomization.yaml")
    assert sorted(listed) == on_disk
    assert set(manifests()) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}


@pytest.mark.parametrize("kind", ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"])
def test_each_manifest_is_valid_against_the_kubernetes_schema(kind: str) -> None:
    kubernetes_validate.validate(manifests()[kind], KUBERNETES_VERSION, strict=True)


def test_a_misspelt_field_is_caught() -> None:
    """The validation is strict: an unknown field fails it (so the tests above would catch one)."""
    broken = manifests()["Service"]
    broken["spec"]["portz"] = broken["spec"].pop("ports")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_service_hpa_and_budget_select_the_deployments_pods() -> None:
    resources = manifests()
    deployment = resources["Deployment"]
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"] == pod_labels
    assert resources["Service"]["spec"]["selector"] == pod_labels
    assert resources["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"] == pod_labels
    target = resources["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    assert resources["PodDisruptionBudget"]["spec"]["minAvailable"] < resources["HorizontalPodAutoscaler"]["spec"]["minReplicas"]
    [cpu] = resources["HorizontalPodAutoscaler"]["spec"]["metrics"]
    assert cpu["resource"]["name"] == "cpu"


def test_the_image_is_the_one_make_image_tags() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert container()["image"] == f"riichi-scoring:{version}"
    [image] = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())["images"]
    assert image == {"name": "riichi-scoring", "newTag": version}
    assert container()["imagePullPolicy"] == "IfNotPresent"  # an image loaded into the nodes needs no registry


def test_probes_and_port_match_the_app() -> None:
    api = container()
    assert api["ports"] == [{"name": "http", "containerPort": 8000, "protocol": "TCP"}]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert api[probe]["httpGet"] == {"path": "/health", "port": "http"}
    assert manifests()["Service"]["spec"]["ports"][0]["targetPort"] == "http"


def test_the_pod_runs_non_root_and_read_only_as_the_image_does() -> None:
    pod = manifests()["Deployment"]["spec"]["template"]["spec"]
    api = container()
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] == 10001
    assert api["securityContext"] == {"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True,
                                      "runAsNonRoot": True, "privileged": False, "capabilities": {"drop": ["ALL"]}}
    assert api["volumeMounts"] == [{"name": "tmp", "mountPath": "/tmp"}]  # the metric files' directory
    assert "USER 10001:10001" in (ROOT / "Dockerfile").read_text()


def test_the_settings_are_valid_and_shutdown_fits_the_grace_period() -> None:
    settings = Settings.from_env(env())
    pod = manifests()["Deployment"]["spec"]["template"]["spec"]
    pre_stop = int(container()["lifecycle"]["preStop"]["exec"]["command"][1])
    assert settings.log_format == "json" and settings.metrics
    assert pre_stop + settings.shutdown_timeout < pod["terminationGracePeriodSeconds"]


def test_resources_are_requested_and_limited() -> None:
    resources = container()["resources"]
    assert set(resources) == {"requests", "limits"}
    assert set(resources["requests"]) == set(resources["limits"]) == {"cpu", "memory"}


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_kubectl_renders_the_kustomization_into_valid_resources() -> None:
    rendered = subprocess.run([KUBECTL, "kustomize", str(DEPLOY)], capture_output=True, text=True, timeout=60, check=True)
    resources = list(yaml.safe_load_all(rendered.stdout))
    assert sorted(r["kind"] for r in resources) == ["Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]
    for resource in resources:
        kubernetes_validate.validate(resource, KUBERNETES_VERSION, strict=True)


def has_cluster() -> bool:
    if KUBECTL is None:
        return False
    context = subprocess.run([KUBECTL, "config", "current-context"], capture_output=True, timeout=30)
    return context.returncode == 0


@pytest.mark.skipif(not has_cluster(), reason="no cluster configured for kubectl (kubectl config current-context)")
def test_kubectl_server_side_dry_run() -> None:
    subprocess.run([KUBECTL, "apply", "--dry-run=server", "--request-timeout=30s", "-k", str(DEPLOY)],
                   capture_output=True, text=True, timeout=90, check=True)
