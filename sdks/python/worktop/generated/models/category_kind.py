from enum import StrEnum


class CategoryKind(StrEnum):
    EXPENSE = "expense"
    NONE = "none"
    REVENUE = "revenue"

    def __str__(self) -> str:
        return str(self.value)
