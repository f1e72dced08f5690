from enum import StrEnum


class GetStockMovementsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"

    def __str__(self) -> str:
        return str(self.value)
