from enum import StrEnum


class PlanCheckoutInPlanId(StrEnum):
    BUSINESS = "business"
    PRO = "pro"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
