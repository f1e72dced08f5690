from enum import StrEnum


class SignupInPlanId(StrEnum):
    BUSINESS = "business"
    PRO = "pro"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
